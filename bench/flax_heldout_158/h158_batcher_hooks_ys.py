# label: ok
# flax-error: none
# class: 4 the RequestBatcher returns each slot's logits as scan ys and calls every hook in its callback list after the loop; a LogitStatsHook keeps them on itself for report()
"""Request batcher for an intent-classification endpoint.

Queued requests are padded into fixed-size slots and pushed through the classifier with a
scan over slots. The per-slot logits come out of the scan as stacked outputs and the
observability hooks get their per-slot callbacks once the queue is drained.
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

        def serve_slot(count, slot):
            logits = self.apply_fn({"params": self.params}, slot)
            return count + slot.shape[0], (jnp.argmax(logits, axis=-1), logits)

        served, (intents, all_logits) = scan(serve_slot, 0, slots)
        for index in range(all_logits.shape[0]):
            for hook in self.hooks:
                hook.on_slot(index, all_logits[index])
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
