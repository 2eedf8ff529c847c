# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 classify_document() takes the classifier (in training mode, with Dropout and its Rngs stream) into a local that the scan body over chunks calls directly
"""Legal documents: long contracts are classified chunk by chunk and the chunk logits pooled."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ContractConfig:
    embed_dim: int = 16
    hidden: int = 32
    doc_types: int = 6
    chunks: int = 5
    dropout: float = 0.2


class ContractClassifier(nnx.Module):
    def __init__(self, cfg, rngs):
        self.encoder = nnx.Linear(cfg.embed_dim, cfg.hidden, rngs=rngs)
        self.dropout = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, cfg.doc_types, rngs=rngs)

    def __call__(self, chunk):
        return self.head(self.dropout(nnx.relu(self.encoder(chunk))))


def classify_document(service, chunks):
    classifier = service["classifier"]

    def per_chunk(pooled, chunk):
        logits = classifier(chunk)
        return pooled + logits, logits

    pooled, chunk_logits = scan(per_chunk, jnp.zeros(service["doc_types"]), chunks)
    return pooled / chunks.shape[0], chunk_logits


def main():
    cfg = ContractConfig()
    service = {"classifier": ContractClassifier(cfg, nnx.Rngs(params=0, dropout=1)),
               "doc_types": cfg.doc_types}
    chunks = jax.random.normal(jax.random.key(2), (cfg.chunks, cfg.embed_dim))
    pooled, chunk_logits = classify_document(service, chunks)
    return chunk_logits
