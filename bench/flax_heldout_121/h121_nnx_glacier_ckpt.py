# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_forward(model) returns a jax.checkpoint-wrapped closure over a BatchNorm model in train mode; SeasonRunner.forward is called inside the fori_loop body
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


def make_forward(model):
    @jax.checkpoint
    def forward(x):
        return model(x)

    return forward


class SeasonRunner:
    def __init__(self, model):
        model.train()
        self.forward = make_forward(model)

    def integrate(self, daily):
        def body(day, melt):
            return melt + self.forward(daily[day])

        return jax.lax.fori_loop(0, daily.shape[0], body, jnp.zeros(daily.shape[1]))


def main():
    runner = SeasonRunner(AblationNet(4, 16, rngs=nnx.Rngs(0)))
    daily = jax.random.normal(jax.random.key(2), (9, 7, 4))
    melt = runner.integrate(daily)
    jax.block_until_ready(melt)
    return None
