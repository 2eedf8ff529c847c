# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 bound method model.step (BatchNorm in training mode) is handed to a rollout helper as the jax.lax.scan body
"""Graph network simulator (GNS-style) for particle physics, rolled out autoregressively."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GraphSimulator(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.edge = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.node = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, rngs=rngs)

    def step(self, x, edges):
        s, r = edges
        msg = nnx.relu(self.edge(jnp.concatenate([x[s], x[r]], -1)))
        agg = jax.ops.segment_sum(msg, r, num_segments=x.shape[0])
        dx = self.norm(self.node(jnp.concatenate([x, agg], -1)))
        x = x + 0.1 * dx
        return x, x


def rollout(step_fn, x0, edges, n_steps):
    return jax.lax.scan(lambda x, _: step_fn(x, edges), x0, None, length=n_steps)


def main():
    sim = GraphSimulator(4, rngs=nnx.Rngs(0))
    edges = (jnp.array([0, 1, 2, 3]), jnp.array([1, 2, 3, 0]))
    x0 = jnp.ones((4, 4))
    _, traj = rollout(sim.step, x0, edges, 5)
    traj.block_until_ready()
    return None
