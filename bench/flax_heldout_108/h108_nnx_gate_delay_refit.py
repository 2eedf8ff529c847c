# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 refit's fori_loop body merges the model from the carried state and also parks it in the local dict latest; refit returns latest["model"] instead of merging the final state
"""Airport gate delay model (NNX): a nightly refit that hands the refreshed model to serving."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GateDelayModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.delay = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.delay(nnx.gelu(self.body(x))))[..., 0]


def delay_loss(model, x, minutes):
    return jnp.mean(jnp.abs(model(x) - minutes))


def refit(model, xs, minutes, learning_rate=0.05):
    graphdef, state = nnx.split(model)
    latest = {}

    def body(i, state):
        model = nnx.merge(graphdef, state)
        grads = nnx.grad(delay_loss)(model, xs[i], minutes[i])
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - learning_rate * g, params, grads))
        latest["model"] = model
        return nnx.state(model)

    jax.lax.fori_loop(0, xs.shape[0], body, state)
    return latest["model"]


def main():
    kx, kw = jax.random.split(jax.random.key(11))
    xs = jax.random.normal(kx, (5, 32, 8))
    minutes = jnp.abs(xs @ jax.random.normal(kw, (8,))) * 10.0
    model = refit(GateDelayModel(8, rngs=nnx.Rngs(0)), xs, minutes)
    print(float(model(xs[0]).mean()))
    return None
