# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 1 GNN __call__ closure run by jax.lax.scan takes nnx.value_and_grad of an energy head (a submodule) to refine node positions
"""Equivariant-GNN-style iterative refinement in NNX: message passing updates node features and
each iteration also takes a gradient step on positions against a learned energy head, using
nnx.value_and_grad inside the scanned iteration."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EnergyHead(nnx.Module):
    def __init__(self, hidden, rngs):
        self.lin = nnx.Linear(hidden + 3, 1, rngs=rngs)

    def __call__(self, h, pos):
        return jnp.sum(self.lin(jnp.concatenate([h, pos], -1)))


class RefineGNN(nnx.Module):
    def __init__(self, hidden, rngs):
        self.msg = nnx.Linear(hidden, hidden, rngs=rngs)
        self.energy = EnergyHead(hidden, rngs)

    def __call__(self, h, pos, senders, receivers, n_iters=3):
        def iteration(carry, _):
            h, pos = carry
            agg = jax.ops.segment_sum(self.msg(h[senders]), receivers, num_segments=h.shape[0])
            h = jax.nn.gelu(h + agg)
            e, g_pos = nnx.value_and_grad(lambda head, p: head(h, p), argnums=1)(self.energy, pos)
            pos = pos - 0.1 * g_pos
            return (h, pos), e

        (h, pos), energies = jax.lax.scan(iteration, (h, pos), None, length=n_iters)
        return h, pos, energies


def main():
    model = RefineGNN(8, nnx.Rngs(0))
    senders = jnp.array([0, 1, 2])
    receivers = jnp.array([1, 2, 0])
    h, pos, energies = model(jnp.ones((3, 8)), jnp.zeros((3, 3)), senders, receivers)
    energies.block_until_ready()
    return None
