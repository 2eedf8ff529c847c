# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Trainer.init_state calls model.init; the encoder's Dense layers first run (and create their params) inside its raw lax.scan body
"""Sequence regressor trained by a small Trainer; the recurrent encoder unrolls over time with lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    hidden: int = 8
    seq_len: int = 5
    batch: int = 4
    features: int = 3
    learning_rate: float = 1e-2


class RecurrentEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):  # xs: [time, batch, features]
        in_proj = nn.Dense(self.hidden, name="in_proj")
        recur = nn.Dense(self.hidden, use_bias=False, name="recur")

        def step(h, x):
            h = jnp.tanh(in_proj(x) + recur(h))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden), xs.dtype)
        h_last, _ = lax.scan(step, h0, xs)
        return h_last


class Regressor(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):
        h = RecurrentEncoder(self.hidden, name="encoder")(xs)
        return nn.Dense(1, name="head")(h)[:, 0]


class Trainer:
    def __init__(self, config: TrainConfig):
        self.config = config
        self.model = Regressor(config.hidden)
        self.tx = optax.adam(config.learning_rate)

    def dummy_batch(self):
        c = self.config
        return jnp.zeros((c.seq_len, c.batch, c.features))

    def init_state(self, rng):
        params = self.model.init(rng, self.dummy_batch())["params"]
        return params, self.tx.init(params)

    def loss(self, params, xs, ys):
        pred = self.model.apply({"params": params}, xs)
        return jnp.mean((pred - ys) ** 2)

    def train_step(self, params, opt_state, xs, ys):
        loss, grads = jax.value_and_grad(self.loss)(params, xs, ys)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss


def main():
    cfg = TrainConfig()
    trainer = Trainer(cfg)
    params, opt_state = trainer.init_state(jax.random.key(0))
    xs = jax.random.normal(jax.random.key(1), (cfg.seq_len, cfg.batch, cfg.features))
    ys = xs.sum(axis=(0, 2))
    for _ in range(2):
        params, opt_state, loss = trainer.train_step(params, opt_state, xs, ys)
    print("loss", float(loss))
    return None
