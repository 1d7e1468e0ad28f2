"""Contact sheets for blind person reads, and their scores."""
