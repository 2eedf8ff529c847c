# label: ok
# flax-error: none
# class: 5 an nn.remat-wrapped block applied through MeltSession.forward(stats, x) with mutable=['batch_stats']; the stats ride in the scan carry and are committed after the loop
"""Glacier melt: a rematerialised melt block turns daily station readings (air temperature,
shortwave radiation, albedo, snow depth) into ablation; the season runner reports the
normalisation statistics to the hydrology team."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltBlock(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(jnp.tanh(h))).squeeze(-1)


RematMeltBlock = nn.remat(MeltBlock, static_argnums=(2,))


class MeltSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def forward(self, batch_stats, x):
        melt, upd = self.model.apply({"params": self.variables["params"], "batch_stats": batch_stats},
                                     x, True, mutable=["batch_stats"])
        return melt, upd["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {**self.variables, "batch_stats": batch_stats}

    def stats(self):
        return self.variables["batch_stats"]


class GlacierService:
    def __init__(self, n_stations=6, n_features=4, seed=0):
        model = RematMeltBlock()
        variables = model.init(jax.random.key(seed), jnp.zeros((n_stations, n_features)), False)
        self.session = MeltSession(model, variables)

    def run_season(self, daily):
        def body(carry, readings):
            total, stats = carry
            melt, stats = self.session.forward(stats, readings)
            return (total + melt, stats), jnp.mean(melt)

        init = (jnp.zeros(daily.shape[1]), self.session.stats())
        (total, stats), daily_mean = jax.lax.scan(body, init, daily)
        self.session.commit(stats)
        return total, daily_mean

    def hydrology_report(self):
        return {k: float(jnp.sum(jnp.abs(v))) for k, v in self.session.stats()["BatchNorm_0"].items()}


def main():
    service = GlacierService()
    daily = jax.random.normal(jax.random.key(6), (10, 6, 4))
    total, daily_mean = service.run_season(daily)
    report = service.hydrology_report()
    jax.block_until_ready((total, daily_mean))
    return None
