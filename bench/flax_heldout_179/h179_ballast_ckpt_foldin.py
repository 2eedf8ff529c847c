# label: ok
# flax-error: none
# class: 5 the step is wrapped by a jax.checkpoint helper and folds the step index into one key drawn by the enclosing module before the scan
"""Ship ballast controller: rolls tank levels forward under random sea-state excitation."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def rematerialize(step_fn, enabled: bool = True):
    """Project-wide switch: trade compute for memory on long rollouts."""
    return jax.checkpoint(step_fn) if enabled else step_fn


class BallastRollout(nn.Module):
    n_tanks: int = 8
    horizon: int = 10
    remat: bool = True

    @nn.compact
    def __call__(self, levels):
        pump = nn.Dense(self.n_tanks, name="pump_policy")
        levels = levels + 0.0 * pump(levels)  # build the policy before the rollout

        sea_key = self.make_rng("sea_state")

        def step(lv, t):
            sea = jax.random.uniform(jax.random.fold_in(sea_key, t), lv.shape, minval=-1.0, maxval=1.0)
            lv = jnp.clip(lv + 0.1 * jnp.tanh(pump(lv)) + 0.05 * sea, 0.0, 1.0)
            return lv, sea

        _, excitation = jax.lax.scan(rematerialize(step, self.remat), levels, jnp.arange(self.horizon))
        return excitation


class BallastController:
    def __init__(self, seed: int):
        self.model = BallastRollout()
        self.params = self.model.init(
            {"params": jax.random.key(seed), "sea_state": jax.random.key(seed + 1)},
            jnp.full((8,), 0.5),
        )["params"]

    def simulate(self, levels, key):
        return self.model.apply({"params": self.params}, levels, rngs={"sea_state": key})


def main():
    controller = BallastController(seed=11)
    return controller.simulate(jnp.linspace(0.2, 0.8, 8), jax.random.key(5))


if __name__ == "__main__":
    print(main())
