# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 DocumentEncoder.encode_claim() runs the scan itself over the pages and calls its own BatchNorm (left in training mode) in the body
"""Insurance claims triage (NNX): a document encoder folds the pages of a claim file.

The triage desk asks the encoder for one claim embedding and routes the claim to a queue
(fast-track, adjuster, fraud review, legal).
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

QUEUES = ("fast-track", "adjuster", "fraud-review", "legal")


class DocumentEncoder(nnx.Module):
    def __init__(self, page_dim: int, width: int, *, rngs: nnx.Rngs):
        self.page_proj = nnx.Linear(page_dim, width, rngs=rngs)
        self.page_norm = nnx.BatchNorm(width, rngs=rngs)
        self.width = width

    def encode_claim(self, pages):
        def fold_page(summary, page):
            h = nnx.gelu(self.page_norm(self.page_proj(page[None]))[0])
            return summary + h, None

        summary, _ = scan(fold_page, jnp.zeros((self.width,)), pages)
        return summary / pages.shape[0]


class TriageDesk:
    def __init__(self, encoder: DocumentEncoder, rngs: nnx.Rngs):
        self.encoder = encoder
        self.router = nnx.Linear(encoder.width, len(QUEUES), rngs=rngs)

    def route(self, pages):
        logits = self.router(self.encoder.encode_claim(pages))
        return QUEUES[int(jnp.argmax(logits))]


def main():
    rngs = nnx.Rngs(0)
    desk = TriageDesk(DocumentEncoder(24, 16, rngs=rngs), rngs)
    pages = jax.random.normal(jax.random.key(1), (5, 24))
    desk.route(pages)
    return None
