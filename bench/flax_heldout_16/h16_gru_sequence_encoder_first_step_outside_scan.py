# label: ok
# flax-error: none
# class: 2 a GRUCell held in a local variable of the compact __call__ is called once before the scan and then in the scan body
"""Sequence classifier: a GRU encoder over time followed by a pooled classification head."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SeqConfig:
    input_dim: int = 3
    hidden: int = 8
    num_classes: int = 4
    seq_len: int = 6


class InputProjection(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        return nn.LayerNorm()(nn.Dense(self.hidden)(x))


class GRUEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(self.hidden, name="cell")
        carry = jnp.zeros((xs.shape[1], self.hidden))
        # the first step runs outside the loop so the cell's parameters exist before the scan
        carry, first = cell(carry, xs[0])

        def body(carry, x):
            return cell(carry, x)

        carry, rest = jax.lax.scan(body, carry, xs[1:])
        return carry, jnp.concatenate([first[None], rest], 0)


class SequenceClassifier(nn.Module):
    config: SeqConfig

    def setup(self):
        self.project = InputProjection(self.config.hidden)
        self.encoder = GRUEncoder(self.config.hidden)
        self.head = nn.Dense(self.config.num_classes)

    def __call__(self, xs):
        final, outputs = self.encoder(self.project(xs))
        return self.head(jnp.concatenate([final, outputs.mean(0)], -1))


def loss_fn(params, model, xs, labels):
    logits = model.apply({"params": params}, xs)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1))


def main():
    config = SeqConfig()
    model = SequenceClassifier(config)
    xs = jax.random.normal(jax.random.key(0), (config.seq_len, 2, config.input_dim))
    labels = jnp.array([1, 3])
    params = model.init(jax.random.key(1), xs)["params"]
    grads = jax.grad(loss_fn)(params, model, xs, labels)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return None
