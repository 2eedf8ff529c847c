# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the RequestBatcher calls every hook in its callback list from inside the scan body; a LogitStatsHook keeps the logits on itself and report() reads them after the loop
"""Request batcher for an intent-classification endpoint.

Queued requests are padded into fixed-size slots and pushed through the classifier with a
scan over slots. Observability hooks get a callback per slot, the same interface the eager
serving path uses, and the batcher asks them for a report once the queue is drained.
"""
from typing import Protocol

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class IntentClassifier(nn.Module):
    n_intents: int = 5

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.n_intents)(nn.relu(nn.Dense(16)(x)))


class Hook(Protocol):
    def on_slot(self, slot, logits): ...
    def report(self) -> dict: ...


class LogitStatsHook:
    def __init__(self):
        self.last_logits = None
        self.max_margin = None

    def on_slot(self, slot, logits):
        top2 = jax.lax.top_k(logits, 2)[0]
        self.last_logits = logits
        self.max_margin = jnp.max(top2[..., 0] - top2[..., 1])

    def report(self):
        return {"max_margin": self.max_margin * 1.0, "last_mean": jnp.mean(self.last_logits)}


class RequestBatcher:
    def __init__(self, apply_fn, params, hooks: list[Hook], slot_size=4):
        self.apply_fn, self.params = apply_fn, params
        self.hooks = hooks
        self.slot_size = slot_size

    def drain(self, queue):
        slots = queue.reshape(-1, self.slot_size, queue.shape[-1])

        def serve_slot(count, slot_and_index):
            slot, index = slot_and_index
            logits = self.apply_fn({"params": self.params}, slot)
            for hook in self.hooks:
                hook.on_slot(index, logits)
            return count + slot.shape[0], jnp.argmax(logits, axis=-1)

        served, intents = scan(serve_slot, 0, (slots, jnp.arange(slots.shape[0])))
        report = {}
        for hook in self.hooks:
            report.update(hook.report())
        return intents.reshape(-1), report


def main():
    queue = jax.random.normal(jax.random.key(0), (12, 10))
    model = IntentClassifier()
    params = model.init(jax.random.key(1), queue[:4])["params"]
    batcher = RequestBatcher(model.apply, params, hooks=[LogitStatsHook()])
    intents, report = batcher.drain(queue)
    jax.block_until_ready((intents, report))
    return None
