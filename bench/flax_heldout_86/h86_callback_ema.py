# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the trainer's scan body calls callback.on_step, and the EMA callback assigns the traced params average to its own attribute
"""Callback system: an EMA-of-weights callback attached to a Linen trainer whose epoch is one lax.scan."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.classes)(nn.relu(nn.Dense(16)(x)))


class Callback:
    def on_train_begin(self, trainer):
        pass

    def on_step(self, trainer, params):
        pass


class EMACallback(Callback):
    def __init__(self, decay=0.9):
        self.decay = decay
        self.ema_params = None

    def on_train_begin(self, trainer):
        self.ema_params = trainer.params

    def on_step(self, trainer, params):
        self.ema_params = jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p,
                                       self.ema_params, params)


class Trainer:
    def __init__(self, callbacks):
        self.model = Classifier()
        self.params = self.model.init(jax.random.PRNGKey(0), jnp.zeros((1, 6)))["params"]
        self.tx = optax.sgd(0.1)
        self.callbacks = callbacks

    def _step(self, carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            logits = self.model.apply({"params": p}, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        grads = jax.grad(loss_fn)(params)
        updates, opt_state = self.tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        for cb in self.callbacks:
            cb.on_step(self, params)
        return (params, opt_state), None

    def fit_epoch(self, xs, ys):
        for cb in self.callbacks:
            cb.on_train_begin(self)
        (self.params, _), _ = lax.scan(self._step, (self.params, self.tx.init(self.params)), (xs, ys))


def main():
    ema = EMACallback()
    trainer = Trainer([ema])
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 6))
    ys = jnp.zeros((4, 8), jnp.int32)
    trainer.fit_epoch(xs, ys)
    logits = trainer.model.apply({"params": ema.ema_params}, xs[0])
    logits.block_until_ready()
    return None
