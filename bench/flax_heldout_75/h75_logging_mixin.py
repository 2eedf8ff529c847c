# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a logging mixin appends each scan step's loss to a list on the trainer; the epoch summary after the loop stacks the list
import collections

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class LoggingMixin:
    def _init_logging(self):
        self.history = collections.defaultdict(list)

    def log(self, name, value):
        self.history[name].append(value)

    def summary(self):
        return {name: jnp.stack(values).mean() for name, values in self.history.items()}


class MLP(nn.Module):
    features: tuple = (32, 3)

    @nn.compact
    def __call__(self, x):
        for f in self.features[:-1]:
            x = nn.gelu(nn.Dense(f)(x))
        return nn.Dense(self.features[-1])(x)


class Trainer(LoggingMixin):
    def __init__(self, model, params, learning_rate=1e-2):
        self._init_logging()
        self.model = model
        self.tx = optax.adam(learning_rate)
        self.params = params
        self.opt_state = self.tx.init(params)

    def _loss(self, params, x, y):
        logits = self.model.apply({"params": params}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def train_epoch(self, xs, ys):
        def step(carry, batch):
            params, opt_state = carry
            loss, grads = jax.value_and_grad(self._loss)(params, *batch)
            self.log("loss", loss)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), None

        (self.params, self.opt_state), _ = jax.lax.scan(step, (self.params, self.opt_state), (xs, ys))
        return self.summary()


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    model = MLP()
    params = model.init(jax.random.key(0), xs[0])["params"]
    Trainer(model, params).train_epoch(xs, ys)
    return None
