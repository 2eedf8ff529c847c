# label: ok
# flax-error: none
# class: 2 weight-shared EGCL layer reached from a closure in @nn.compact run as the lax.scan body; coordinates leave as scan ys and are sown once after the loop
"""E(n)-equivariant GNN (Satorras et al. 2021) with a weight-shared EGCL iterated by lax.scan.

The coordinates after every message-passing round are recorded with `sow` for the
trajectory visualisation used in the paper's companion notebook.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class EGCL(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, h, x):
        n = h.shape[0]
        diff = x[:, None, :] - x[None, :, :]
        d2 = jnp.sum(diff ** 2, -1, keepdims=True)
        hi = jnp.broadcast_to(h[:, None, :], (n, n, h.shape[-1]))
        hj = jnp.broadcast_to(h[None, :, :], (n, n, h.shape[-1]))
        m = nn.silu(nn.Dense(self.hidden, name="edge")(jnp.concatenate([hi, hj, d2], -1)))
        w = nn.Dense(1, name="coord")(m)
        x = x + jnp.mean(diff * w, axis=1)
        h = h + nn.Dense(self.hidden, name="node")(jnp.concatenate([h, m.sum(1)], -1))
        return h, x


class EGNN(nn.Module):
    hidden: int = 16
    n_rounds: int = 4

    @nn.compact
    def __call__(self, atoms, pos):
        h = nn.Embed(10, self.hidden)(atoms)
        layer = EGCL(self.hidden, name="shared_egcl")
        h, pos = layer(h, pos)

        def round_(carry, _):
            h, x = carry
            h, x = layer(h, x)
            return (h, x), x

        (h, pos), coords = jax.lax.scan(round_, (h, pos), None, length=self.n_rounds - 1)
        self.sow("intermediates", "coords", coords)
        return nn.Dense(1)(h.sum(0)), pos


def main():
    atoms = jnp.array([6, 1, 1, 1, 8])
    pos = jax.random.normal(jax.random.PRNGKey(3), (5, 3))
    model = EGNN()
    variables = model.init(jax.random.PRNGKey(0), atoms, pos)
    (energy, new_pos), state = model.apply(variables, atoms, pos, mutable=["intermediates"])
    traj = jnp.concatenate(state["intermediates"]["coords"])
    print(energy, traj.shape)
    return None
