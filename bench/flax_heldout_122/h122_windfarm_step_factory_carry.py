# label: ok
# flax-error: none
# class: 5 make_yaw_step returns a step closure that takes the batch_stats in the scan carry and hands the updated stats back in it
"""Wind farm yaw control: adapt the normalisation of a yaw-offset policy over a gusty hour of
nacelle observations, then evaluate the adapted policy."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class YawPolicy(nn.Module):
    turbines: int = 6

    @nn.compact
    def __call__(self, obs, train: bool):
        h = nn.Dense(32)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return 10.0 * jnp.tanh(nn.Dense(1)(nn.silu(h)))[..., 0]


def make_yaw_step(model, params):
    def step(carry, obs):
        gust_load, batch_stats = carry
        offsets, updates = model.apply(
            {"params": params, "batch_stats": batch_stats},
            obs, train=True, mutable=["batch_stats"],
        )
        return (gust_load + jnp.abs(offsets).mean(), updates["batch_stats"]), offsets

    return step


class FarmController:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.state = {"batch_stats": variables["batch_stats"]}

    def adapt(self, observations):
        step = make_yaw_step(self.model, self.params)
        (load, stats), _ = jax.lax.scan(step, (jnp.zeros(()), self.state["batch_stats"]), observations)
        self.state["batch_stats"] = stats
        return load

    def evaluate(self, obs):
        variables = {"params": self.params, "batch_stats": self.state["batch_stats"]}
        return self.model.apply(variables, obs, train=False)


def main():
    obs = jax.random.normal(jax.random.key(0), (20, 6, 8))  # minutes x turbines x sensors
    model = YawPolicy()
    variables = model.init(jax.random.key(1), obs[0], train=False)
    controller = FarmController(model, variables)
    controller.adapt(obs)
    jax.block_until_ready(controller.evaluate(obs[-1]))
    return None
