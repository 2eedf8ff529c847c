# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the model's BatchNorm runs in training mode inside a raw scan closure defined in the NNX __call__, so it writes its batch statistics from inside the scan trace
"""Differentiable physics: a mass-spring chain integrated with velocity Verlet, plus a learned
damping term; the whole rollout is differentiated to fit the damping network."""
import jax
import jax.numpy as jnp
from flax import nnx


def spring_forces(x, k=5.0):
    ext = jnp.diff(x, axis=-1)
    f = jnp.zeros_like(x)
    f = f.at[..., :-1].add(k * ext)
    f = f.at[..., 1:].add(-k * ext)
    return f


class LearnedDamping(nnx.Module):
    def __init__(self, n, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(2 * n, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.fc2 = nnx.Linear(32, n, rngs=rngs)

    def __call__(self, x, v):
        h = nnx.relu(self.bn(self.fc1(jnp.concatenate([x, v], -1))))
        return self.fc2(h)


class SpringChain(nnx.Module):
    def __init__(self, n=6, dt=0.02, steps=10, *, rngs: nnx.Rngs):
        self.damping = LearnedDamping(n, rngs=rngs)
        self.dt = dt
        self.steps = steps

    def __call__(self, x0, v0):
        dt = self.dt

        def verlet(carry, _):
            x, v = carry
            a = spring_forces(x) - self.damping(x, v)
            x = x + dt * v + 0.5 * dt**2 * a
            a_new = spring_forces(x) - self.damping(x, v)
            v = v + 0.5 * dt * (a + a_new)
            return (x, v), x

        _, traj = jax.lax.scan(verlet, (x0, v0), None, length=self.steps)
        return traj


def main():
    model = SpringChain(rngs=nnx.Rngs(0))
    x0 = jnp.linspace(0, 1, 6)[None].repeat(8, 0) + 0.05 * jax.random.normal(jax.random.PRNGKey(1), (8, 6))
    traj = model(x0, jnp.zeros_like(x0))
    traj.block_until_ready()
    return None
