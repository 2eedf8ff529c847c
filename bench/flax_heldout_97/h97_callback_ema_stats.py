# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean_act" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 callback list -> EMA callback -> model.apply on a module that updates its 'ema' collection, called in scan body
"""Training-loop callback system; an EMA-of-activations callback probes the model every step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ActivationTracker(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(8)(x))
        ema = self.variable("ema", "mean_act", lambda: jnp.zeros((8,)))
        if not self.is_initializing():
            ema.value = self.decay * ema.value + (1 - self.decay) * h.mean(0)
        return h


class Callback:
    def on_step(self, step, batch):
        return jnp.zeros(())


class EMACallback(Callback):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def on_step(self, step, batch):
        h = self.model.apply(self.variables, batch)
        return jnp.abs(h).mean()


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def on_step(self, step, batch):
        return sum(cb.on_step(step, batch) for cb in self.callbacks)


def train_loop(callbacks, batches):
    def step_fn(carry, xs):
        step, batch = xs
        return carry + callbacks.on_step(step, batch), None

    return jax.lax.scan(step_fn, jnp.zeros(()), (jnp.arange(batches.shape[0]), batches))[0]


def main():
    model = ActivationTracker()
    batches = jnp.ones((4, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), batches[0])
    cbs = CallbackList([Callback(), EMACallback(model, variables)])
    train_loop(cbs, batches).block_until_ready()
    return None
