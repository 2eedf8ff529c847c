# label: ok
# flax-error: none
# class: 3 adapter calls module.apply with mutable batch_stats inside fori_loop and threads the stats through the carry
"""A robot policy hidden behind an adapter class that mimics the old controller API."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Policy(nn.Module):
    n_actions: int = 2

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(8)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return jnp.tanh(nn.Dense(self.n_actions)(nn.relu(h)))


class PolicyAdapter:
    """Controller interface: act(obs, stats) -> (action, stats), sync(stats)."""

    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def act(self, obs, stats):
        act, updates = self.module.apply(
            {"params": self.params, "batch_stats": stats}, obs, train=True, mutable=["batch_stats"])
        return act, updates["batch_stats"]

    def sync(self, stats):
        self.batch_stats = stats
        return {"params": self.params, "batch_stats": stats}


class Robot:
    def __init__(self, adapter):
        self.adapter = adapter

    def rollout(self, obs0, steps):
        def body(i, carry):
            obs, stats = carry
            act, stats = self.adapter.act(obs, stats)
            obs = obs + 0.1 * jnp.pad(act, ((0, 0), (0, obs.shape[-1] - act.shape[-1])))
            return obs, stats

        return jax.lax.fori_loop(0, steps, body, (obs0, self.adapter.batch_stats))


def main():
    module = Policy()
    obs = jnp.ones((3, 4))
    variables = module.init(jax.random.PRNGKey(1), obs, train=False)
    adapter = PolicyAdapter(module, variables)
    robot = Robot(adapter)
    _, stats = robot.rollout(obs, 4)
    new_vars = adapter.sync(stats)
    module.apply(new_vars, obs, train=False)
    return None
