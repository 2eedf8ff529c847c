# label: ok
# flax-error: none
# class: 5 EnsembleService gets its fori_loop body from make_member_step(model, forcing, key), which builds nnx.Rngs(dropout=fold_in(key, member)) each member
"""Glacier melt: ensemble of dropout-perturbed ablation forecasts per stake."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class AblationNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(4, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.lin2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x, rngs):
        h = self.drop(nnx.relu(self.lin1(x)), rngs=rngs)
        return jax.nn.softplus(self.lin2(h))[..., 0]


def make_member_step(model, forcing, key):
    def step(member, melts):
        member_rngs = nnx.Rngs(dropout=jax.random.fold_in(key, member))

        return melts.at[member].set(model(forcing, member_rngs))

    return step


class EnsembleService:
    def __init__(self, model, n_members: int, seed: int):
        self.model = model
        self.n_members = n_members
        self.key = jax.random.key(seed)

    def run(self, forcing):
        step = make_member_step(self.model, forcing, self.key)
        melts = jnp.zeros((self.n_members, forcing.shape[0]))
        return lax.fori_loop(0, self.n_members, step, melts)


def main():
    forcing = jax.random.normal(jax.random.key(0), (5, 4))
    service = EnsembleService(AblationNet(nnx.Rngs(1)), n_members=6, seed=3)
    return service.run(forcing)
