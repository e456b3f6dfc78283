def main(argv=None):
    raise SystemExit("exactpriv CLI not yet built")
