# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the negative queue is enqueued by a helper of __call__, which accumulate() calls inside the scan over micro-batches; the trainer's jitted value_and_grad applies the model without making 'queue' mutable
"""MoCo-style contrastive learning: a query encoder, a momentum key encoder and a queue of negatives."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class MoCoConfig:
    embed: int = 8
    queue_size: int = 16
    temperature: float = 0.2
    micro_batches: int = 2


class Encoder(nn.Module):
    embed: int

    @nn.compact
    def __call__(self, x):
        x = nn.LayerNorm()(nn.relu(nn.Dense(32)(x)))
        z = nn.Dense(self.embed)(x)
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


class MoCo(nn.Module):
    cfg: MoCoConfig

    def setup(self):
        self.query_encoder = Encoder(self.cfg.embed)
        self.key_encoder = Encoder(self.cfg.embed)
        self.queue = self.variable("queue", "keys", lambda: jnp.zeros((self.cfg.queue_size, self.cfg.embed)))
        self.ptr = self.variable("queue", "ptr", lambda: jnp.array(0, jnp.int32))

    def _enqueue(self, keys):
        n = keys.shape[0]
        self.queue.value = jax.lax.dynamic_update_slice(self.queue.value, keys, (self.ptr.value, 0))
        self.ptr.value = (self.ptr.value + n) % self.cfg.queue_size

    def _info_nce(self, q, k):
        pos = jnp.sum(q * k, -1, keepdims=True)
        neg = q @ self.queue.value.T
        logits = jnp.concatenate([pos, neg], -1) / self.cfg.temperature
        return -jax.nn.log_softmax(logits)[:, 0].mean()

    def __call__(self, view_a, view_b):
        q = self.query_encoder(view_a)
        k = jax.lax.stop_gradient(self.key_encoder(view_b))
        loss = self._info_nce(q, k)
        self._enqueue(k)
        return loss

    def accumulate(self, view_a, view_b):
        def chunk(total, views):
            return total + self(*views), None

        split = lambda v: v.reshape((self.cfg.micro_batches, -1) + v.shape[1:])
        total, _ = jax.lax.scan(chunk, 0.0, (split(view_a), split(view_b)))
        return total / self.cfg.micro_batches


class ContrastiveTrainer:
    def __init__(self, model, variables):
        self.model = model
        self.params, self.queue = variables["params"], variables["queue"]

    def _loss(self, params, queue, view_a, view_b):
        return self.model.apply({"params": params, "queue": queue}, view_a, view_b, method=MoCo.accumulate)

    @functools.partial(jax.jit, static_argnums=0)
    def step(self, params, queue, view_a, view_b):
        return jax.value_and_grad(self._loss)(params, queue, view_a, view_b)


def main():
    cfg = MoCoConfig()
    model = MoCo(cfg)
    x = jax.random.normal(jax.random.key(0), (8, 12))
    view_a = x + 0.1 * jax.random.normal(jax.random.key(1), x.shape)
    view_b = x + 0.1 * jax.random.normal(jax.random.key(2), x.shape)
    init_a, init_b = view_a[: 8 // cfg.micro_batches], view_b[: 8 // cfg.micro_batches]
    variables = model.init(jax.random.key(3), init_a, init_b)
    trainer = ContrastiveTrainer(model, variables)
    loss, grads = trainer.step(trainer.params, trainer.queue, view_a, view_b)
    return None
