# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a momentum helper calls nnx.update on the key encoder held by the learner; it runs once per micro-batch inside the scan body of contrastive_epoch()
"""MoCo-style contrastive learning in NNX with a momentum (EMA) key encoder updated per micro-batch."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MoCoConfig:
    in_dim: int = 12
    embed: int = 8
    momentum: float = 0.99
    temperature: float = 0.2
    micro_batches: int = 3


class Encoder(nnx.Module):
    def __init__(self, cfg, rngs):
        self.hidden = nnx.Linear(cfg.in_dim, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.proj = nnx.Linear(32, cfg.embed, rngs=rngs)

    def __call__(self, x):
        z = self.proj(self.norm(nnx.relu(self.hidden(x))))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def info_nce(q, k, temperature):
    logits = q @ k.T / temperature
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, -1)))


class MomentumLearner:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.query_encoder = Encoder(cfg, nnx.Rngs(seed))
        self.key_encoder = Encoder(cfg, nnx.Rngs(seed))

    def _momentum_update(self):
        m = self.cfg.momentum
        q_params = nnx.state(self.query_encoder, nnx.Param)
        k_params = nnx.state(self.key_encoder, nnx.Param)
        blended = jax.tree.map(lambda k, q: m * k + (1 - m) * q, k_params, q_params)
        nnx.update(self.key_encoder, blended)

    def _chunk_loss(self, view_a, view_b):
        q = self.query_encoder(view_a)
        k = jax.lax.stop_gradient(self.key_encoder(view_b))
        self._momentum_update()
        return info_nce(q, k, self.cfg.temperature)

    def contrastive_epoch(self, view_a, view_b):
        n = self.cfg.micro_batches
        chunks = (view_a.reshape(n, -1, view_a.shape[-1]), view_b.reshape(n, -1, view_b.shape[-1]))

        def body(total, views):
            return total + self._chunk_loss(*views), None

        total, _ = jax.lax.scan(body, 0.0, chunks)
        return total / n


def main():
    cfg = MoCoConfig()
    learner = MomentumLearner(cfg)
    x = jax.random.normal(jax.random.key(1), (12, cfg.in_dim))
    view_a = x + 0.1 * jax.random.normal(jax.random.key(2), x.shape)
    view_b = x + 0.1 * jax.random.normal(jax.random.key(3), x.shape)
    loss = learner.contrastive_epoch(view_a, view_b)
    float(loss)
    return None
