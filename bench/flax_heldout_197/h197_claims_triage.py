# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 functools.partial(model.apply, variables) kept on a ClaimsTriageHandler scores each claim in the scan body, and the handler's completion callback stores the scores on the same object
"""Insurance claims triage: an asynchronous-style handler scores incoming claim batches and
resolves the pending tickets once the batch is done."""
import asyncio
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class TriageScorer(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, claim):
        h = nn.silu(nn.Dense(self.hidden)(claim))
        return nn.Dense(3)(h)  # fast-track, review, investigate


class ClaimsTriageHandler:
    def __init__(self, model, variables):
        self.score_fn = functools.partial(model.apply, variables)
        self._completed = []

    def _on_scored(self, logits):
        self._completed.append(jax.nn.softmax(logits))

    async def handle(self, claims):
        def score_claim(n_urgent, claim):
            logits = self.score_fn(claim)
            self._on_scored(logits)
            return n_urgent + (jnp.argmax(logits) == 2), None

        n_urgent, _ = jax.lax.scan(score_claim, jnp.zeros((), jnp.int32), claims)
        await asyncio.sleep(0)
        return n_urgent

    async def drain(self):
        await asyncio.sleep(0)
        done, self._completed = self._completed, []
        return jnp.stack(done)


async def serve(handler, batches):
    for claims in batches:
        await handler.handle(claims)
    return await handler.drain()


def main():
    model = TriageScorer()
    batches = jax.random.normal(jax.random.key(0), (2, 4, 9))
    variables = model.init(jax.random.key(1), batches[0, 0])
    handler = ClaimsTriageHandler(model, variables)
    probs = asyncio.run(serve(handler, batches))
    jax.block_until_ready(probs)
    return None
