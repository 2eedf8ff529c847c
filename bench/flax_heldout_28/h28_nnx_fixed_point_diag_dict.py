# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a track flag passed down makes the layer write residuals into its plain-dict diagnostics attribute; the body lambda goes through a module-level while_loop wrapper
import jax
import jax.numpy as jnp
import flax.nnx as nnx


def iterate_until(step_fn, z0, tol, max_iter):
    def cond(state):
        i, _, res = state
        return jnp.logical_and(i < max_iter, res > tol)

    def body(state):
        i, z, _ = state
        z_new, res = step_fn(z)
        return i + 1, z_new, res

    return jax.lax.while_loop(cond, body, (0, z0, jnp.inf))


class EquilibriumLayer(nnx.Module):
    def __init__(self, dim, *, track: bool = False, rngs: nnx.Rngs):
        self.w = nnx.Linear(dim, dim, rngs=rngs)
        self.u = nnx.Linear(dim, dim, rngs=rngs)
        self.track = track
        self.diagnostics = {}

    def f(self, z, x):
        z_new = jnp.tanh(0.5 * self.w(z) + self.u(x))
        res = jnp.max(jnp.abs(z_new - z))
        if self.track:
            self.diagnostics["residual"] = res
        return z_new, res

    def __call__(self, x, tol=1e-4, max_iter=30):
        iters, z, res = iterate_until(lambda z: self.f(z, x), jnp.zeros_like(x), tol, max_iter)
        return z, iters


def build(track):
    return EquilibriumLayer(4, track=track, rngs=nnx.Rngs(0))


def main():
    layer = build(track=True)
    x = jax.random.normal(jax.random.key(1), (2, 4))
    z, iters = layer(x)
    print("converged in", int(iters))
    print("log10 residual", jnp.log10(layer.diagnostics["residual"]))
    return None
