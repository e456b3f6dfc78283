"""exactpriv: exact checking of privacy-notion theorems on finite mechanisms."""
