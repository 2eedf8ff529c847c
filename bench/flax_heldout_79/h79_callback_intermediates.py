# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a module bound with model.bind(variables, mutable=['intermediates']) is held by a callback and called in the scan body
"""Callback system for an inference loop: an ActivationMonitor callback binds the model once so
that sown activations can be inspected after each run; the runner scans the bound model over a
stream of inputs and then fires on_run_end so that callbacks can log statistics."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.width)(x))
        self.sow("intermediates", "hidden", h)
        return nn.Dense(x.shape[-1])(h)


class Callback:
    def on_run_start(self, runner): ...
    def on_run_end(self, runner): ...


class ActivationMonitor(Callback):
    def __init__(self):
        self.bound = None
        self.history = []

    def on_run_start(self, runner):
        self.bound = runner.model.bind(runner.variables, mutable=["intermediates"])
        runner.forward = self.bound

    def on_run_end(self, runner):
        sown = self.bound.variables["intermediates"]["hidden"]
        self.history.append(jnp.stack([jnp.linalg.norm(h) for h in sown]))


class Runner:
    def __init__(self, model, variables, callbacks=()):
        self.model, self.variables = model, variables
        self.callbacks = list(callbacks)
        self.forward = lambda x: model.apply(variables, x)

    def run(self, xs):
        for cb in self.callbacks:
            cb.on_run_start(self)

        def body(state, x):
            y = self.forward(x + 0.1 * state)
            return y, y.sum()

        final, _ = jax.lax.scan(body, jnp.zeros_like(xs[0]), xs)
        for cb in self.callbacks:
            cb.on_run_end(self)
        return final


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 4, 8))
    model = Encoder()
    variables = model.init(jax.random.key(1), xs[0])
    monitor = ActivationMonitor()
    Runner(model, variables, [monitor]).run(xs)
    return None
