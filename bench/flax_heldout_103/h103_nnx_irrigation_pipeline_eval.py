# label: ok
# flax-error: none
# class: 3 planner.stages, an nnx.Sequential switched to eval mode (BatchNorm uses running averages) before the season scan calls it
"""Agriculture: plan daily irrigation for a field over a season. An nnx.Sequential of stages
(projection, batch norm, activation, water-need head) maps the day's weather and soil
readings to a water need; the planner fits the stages on history, then scans the season
forecast carrying the soil moisture."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class IrrigationPlanner:
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.stages = nnx.Sequential(
            nnx.Linear(n_features, 16, rngs=rngs),
            nnx.BatchNorm(16, rngs=rngs),
            nnx.relu,
            nnx.Linear(16, 1, rngs=rngs),
        )
        self.optimizer = nnx.Optimizer(self.stages, optax.sgd(1e-2), wrt=nnx.Param)

    def fit(self, x, y):
        self.stages.train()

        def loss_fn(stages):
            return jnp.mean((stages(x)[:, 0] - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.stages)
        self.optimizer.update(self.stages, grads)
        return loss

    def plan_season(self, forecast, moisture0):
        self.stages.eval()

        def day(moisture, weather):
            features = jnp.concatenate([weather, moisture[None]])[None]
            need = nnx.softplus(self.stages(features))[0, 0]
            water = jnp.maximum(need - moisture, 0.0)
            return 0.8 * moisture + water - 0.1 * weather[0], water

        return lax.scan(day, moisture0, forecast)


def main():
    planner = IrrigationPlanner(n_features=4, rngs=nnx.Rngs(0))
    kx, ky, kf = jax.random.split(jax.random.key(2), 3)
    planner.fit(jax.random.normal(kx, (32, 4)), jax.random.uniform(ky, (32,)))
    forecast = jax.random.uniform(kf, (30, 3))
    moisture, water = planner.plan_season(forecast, jnp.asarray(0.5))
    water.block_until_ready()
    return None
