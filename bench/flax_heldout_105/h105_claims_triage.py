# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the bound document encoder is reached as service.runner.bound.encoder and its observe() writes a 'stats' counter
"""Insurance claims triage: a document encoder embeds the pages of a claim file.

The service keeps a TriageRunner, which holds the model bound to its variables with the
'stats' collection mutable, so the encoder can count how many pages it has seen.
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

    def observe(self, page):
        self.pages_seen.value = self.pages_seen.value + 1
        return nn.gelu(self.proj(page))

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
        def body(summary, page):
            emb = self.runner.bound.encoder.observe(page)
            return summary + emb, None

        summary, _ = jax.lax.scan(body, jnp.zeros((16,)), pages)
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
