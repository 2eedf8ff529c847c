# label: ok
# flax-error: none
# class: 2 the submodules are called once on the first message before the raw scan, so their params exist before the body reads them
"""Spam filter retrained online: a recurrent scorer over a stream of message embeddings."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class FilterConfig:
    hidden: int = 16
    lr: float = 0.05


class StreamScorer(nn.Module):
    cfg: FilterConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.cell = nn.GRUCell(self.cfg.hidden)
        self.head = nn.Dense(1)

    def __call__(self, messages):
        def step(h, msg):
            h, out = self.cell(h, self.encoder(msg))
            return h, self.head(out)[..., 0]

        h0 = jnp.zeros((messages.shape[1], self.cfg.hidden))
        if self.is_initializing():
            # warm-up call: create every parameter outside the raw scan
            step(h0, messages[0])
        _, logits = scan(step, h0, messages)
        return logits


class OnlineFilter:
    def __init__(self, cfg: FilterConfig, sample):
        self.cfg = cfg
        self.model = StreamScorer(cfg)
        self.params = self.model.init(jax.random.key(0), sample)["params"]

    def loss(self, params, messages, labels):
        logits = self.model.apply({"params": params}, messages)
        return jnp.mean(jnp.logaddexp(0.0, logits) - labels * logits)

    def retrain(self, messages, labels):
        grads = jax.grad(self.loss)(self.params, messages, labels)
        self.params = jax.tree.map(lambda p, g: p - self.cfg.lr * g, self.params, grads)


def main():
    messages = jax.random.normal(jax.random.key(1), (5, 3, 12))
    labels = (jax.random.uniform(jax.random.key(2), (5, 3)) > 0.7).astype(jnp.float32)
    spam_filter = OnlineFilter(FilterConfig(), messages)
    spam_filter.retrain(messages, labels)
    return None
