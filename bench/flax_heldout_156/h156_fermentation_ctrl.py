# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Controller.run_batch calls model.apply(..., method=rollout, mutable=['intermediates']); the scan body in rollout calls the module, which sows; an ActivationStatsHook reads the sown values
"""Brewery fermentation controller: predicts specific-gravity drop, hooks log activations."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GravityModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.enc = nn.Dense(self.hidden)
        self.head = nn.Dense(1)

    def step(self, reading):
        h = nn.tanh(self.enc(reading))
        return self.head(h)[..., 0], h

    def __call__(self, reading):
        drop, h = self.step(reading)
        self.sow("intermediates", "hidden", h)
        return drop


def rollout(module, readings):
    def body(total, reading):
        return total + module(reading).sum(), None

    total, _ = scan(body, jnp.zeros(()), readings)
    return total


class Hook:
    def on_batch_end(self, logs):
        pass


class ActivationStatsHook(Hook):
    def __init__(self):
        self.history = []

    def on_batch_end(self, logs):
        (hidden,) = logs["state"]["intermediates"]["hidden"]
        self.history.append(jnp.mean(jnp.abs(hidden)))


class GravityLogger(Hook):
    def on_batch_end(self, logs):
        print("gravity drop", logs["total"])


class Controller:
    def __init__(self, model, params, hooks):
        self.model = model
        self.variables = {"params": params}
        self.hooks = list(hooks)

    def run_batch(self, readings):
        total, state = self.model.apply(
            self.variables, readings, method=rollout, mutable=["intermediates"]
        )
        for hook in self.hooks:
            hook.on_batch_end({"total": total, "state": state})
        return total


def main():
    model = GravityModel()
    readings = jax.random.normal(jax.random.key(5), (7, 2, 4))
    params = model.init(jax.random.key(6), readings[0])["params"]
    stats = ActivationStatsHook()
    controller = Controller(model, params, [GravityLogger(), stats])
    controller.run_batch(readings)
    print(float(stats.history[-1]))
    return None
