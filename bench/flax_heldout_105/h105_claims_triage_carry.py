# label: ok
# flax-error: none
# class: 4 the bound document encoder is reached as service.runner.bound.encoder; the page count goes through the carry and is written after the loop
"""Insurance claims triage: a document encoder embeds the pages of a claim file.

The service keeps a TriageRunner, which holds the model bound to its variables with the
'stats' collection mutable. The page count travels in the scan carry and is recorded once.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class PageEncoder(nn.Module):
    features: int = 16

    def setup(self):
        self.proj = nn.Dense(self.features)
        self.pages_seen = self.variable("stats", "pages_seen", lambda: jnp.zeros((), jnp.int32))

    def record(self, n_pages):
        self.pages_seen.value = self.pages_seen.value + n_pages

    def __call__(self, page):
        return nn.gelu(self.proj(page))


class TriageModel(nn.Module):
    n_queues: int = 4

    def setup(self):
        self.encoder = PageEncoder()
        self.head = nn.Dense(self.n_queues)

    def __call__(self, page):
        return self.head(self.encoder(page))


@dataclasses.dataclass
class TriageRunner:
    model: TriageModel
    variables: dict

    def __post_init__(self):
        self.bound = self.model.bind(self.variables, mutable=["stats"])


class ClaimsTriageService:
    def __init__(self, runner: TriageRunner):
        self.runner = runner

    def embed_claim(self, pages):
        def body(carry, page):
            summary, seen = carry
            emb = self.runner.bound.encoder(page)
            return (summary + emb, seen + 1), None

        init = (jnp.zeros((16,)), jnp.zeros((), jnp.int32))
        (summary, seen), _ = jax.lax.scan(body, init, pages)
        self.runner.bound.encoder.record(seen)
        return summary / pages.shape[0]

    def route(self, pages):
        summary = self.embed_claim(pages)
        return jnp.argmax(self.runner.bound.head(summary))

    def pages_processed(self):
        stats = self.runner.bound.variables["stats"]
        return sum(jnp.sum(leaf) for leaf in jax.tree.leaves(stats))


def main():
    pages = jax.random.normal(jax.random.key(0), (6, 32))
    model = TriageModel()
    variables = model.init(jax.random.key(1), pages[0])
    service = ClaimsTriageService(TriageRunner(model, variables))
    service.route(pages)
    service.pages_processed()
    return None
