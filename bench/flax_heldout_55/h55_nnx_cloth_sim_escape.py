# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 differentiable mass-spring simulator split before lax.while_loop; the body merges the carried state and stashes the merged module in an outer dict that is used after the loop
"""Differentiable mass-spring (cloth) simulator in NNX with learnable stiffness; the rollout
merges the simulator from the while_loop state each step and keeps the most recent merged
simulator around (for example to read its parameters for logging)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class MassSpring(nnx.Module):
    def __init__(self, n, rngs: nnx.Rngs):
        self.log_k = nnx.Param(jnp.zeros(()))
        self.damping = nnx.Linear(2, 2, rngs=rngs)
        self.rest = jnp.ones((n - 1,)) * 0.1

    def forces(self, x, v):
        d = x[1:] - x[:-1]
        length = jnp.linalg.norm(d, axis=-1, keepdims=True) + 1e-6
        f = jnp.exp(self.log_k[...]) * (length - self.rest[:, None]) * d / length
        f_total = jnp.zeros_like(x).at[:-1].add(f).at[1:].add(-f)
        return f_total - self.damping(v)


def simulate(sim, x0, v0, dt=0.01, t_end=0.05):
    graphdef, state = nnx.split(sim)
    latest = {}

    def cond(carry):
        return carry[0] < t_end

    def body(carry):
        t, x, v, st = carry
        s = nnx.merge(graphdef, st)
        latest["sim"] = s
        v = v + dt * s.forces(x, v)
        return t + dt, x + dt * v, v, nnx.state(s)

    _, x, v, _ = lax.while_loop(cond, body, (jnp.zeros(()), x0, v0, state))
    stiffness = jnp.exp(latest["sim"].log_k[...])
    return x, stiffness


def main():
    sim = MassSpring(4, nnx.Rngs(0))
    x0 = jnp.stack([jnp.linspace(0, 0.3, 4), jnp.zeros(4)], -1)
    x, k = simulate(sim, x0, jnp.zeros_like(x0))
    (x.sum() + k).block_until_ready()
    return None
