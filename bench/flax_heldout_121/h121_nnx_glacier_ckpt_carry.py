# label: ok
# flax-error: none
# class: 5 make_forward(graphdef) returns a jax.checkpoint-wrapped pure function of (state, x); SeasonRunner carries the nnx.split state through the fori_loop and nnx.update-s the model after
"""Glacier melt: an ablation model adapts its normalisation over the melt season; the season
runner integrates daily ablation across the stake network with a rematerialised forward."""
import jax
import jax.numpy as jnp
from flax import nnx


class AblationNet(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_in, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.95, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(jnp.tanh(self.norm(self.enc(x))))).squeeze(-1)


def make_forward(graphdef):
    @jax.checkpoint
    def forward(state, x):
        model = nnx.merge(graphdef, state)
        melt = model(x)
        return melt, nnx.state(model)

    return forward


class SeasonRunner:
    def __init__(self, model):
        model.train()
        self.model = model
        graphdef, _ = nnx.split(model)
        self.forward = make_forward(graphdef)

    def integrate(self, daily):
        def body(day, carry):
            melt, state = carry
            today, state = self.forward(state, daily[day])
            return melt + today, state

        init = (jnp.zeros(daily.shape[1]), nnx.state(self.model))
        melt, state = jax.lax.fori_loop(0, daily.shape[0], body, init)
        nnx.update(self.model, state)
        return melt


def main():
    runner = SeasonRunner(AblationNet(4, 16, rngs=nnx.Rngs(0)))
    daily = jax.random.normal(jax.random.key(2), (9, 7, 4))
    melt = runner.integrate(daily)
    jax.block_until_ready(melt)
    return None
