# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a recurrent encoder's raw scan body calls self.sow on the enclosing Linen module; a callback system collects the 'intermediates' collection after apply
"""Training loop with a callback system: an ActivationStats callback asks the model for its
'intermediates' collection each step and logs the hidden-state norms."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RecurrentEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(self.hidden, name="cell")
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h0 = cell(jnp.concatenate([xs[0], h0], -1))

        def step(h, x):
            h = jnp.tanh(cell(jnp.concatenate([x, h], -1)))
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = jax.lax.scan(step, h0, xs)
        return h


class Callback:
    collections = ()

    def on_step(self, step, outputs, collections):
        pass


class ActivationStats(Callback):
    collections = ("intermediates",)

    def __init__(self):
        self.log = []

    def on_step(self, step, outputs, collections):
        hidden = collections["intermediates"]["hidden"]
        self.log.append(jnp.stack([jnp.linalg.norm(h) for h in hidden]))


class Runner:
    def __init__(self, model, variables, callbacks):
        self.model, self.variables, self.callbacks = model, variables, callbacks

    def run(self, batches):
        mutable = sorted({c for cb in self.callbacks for c in cb.collections})
        for step, xs in enumerate(batches):
            out, cols = self.model.apply(self.variables, xs, mutable=mutable)
            for cb in self.callbacks:
                cb.on_step(step, out, cols)


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 4, 3))
    model = RecurrentEncoder()
    variables = model.init(jax.random.key(1), xs)
    stats = ActivationStats()
    Runner(model, {"params": variables["params"]}, [stats]).run([xs, xs * 2])
    return None
