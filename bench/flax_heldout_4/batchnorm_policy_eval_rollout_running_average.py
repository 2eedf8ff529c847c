# label: ok
# flax-error: none
# class: 3 policy with BatchNorm: training updates stats outside any loop; evaluation rollout method scans with use_running_average
import jax
import jax.numpy as jnp
import flax.linen as nn


class Policy(nn.Module):
    @nn.compact
    def __call__(self, obs, train: bool):
        h = nn.Dense(32)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.tanh(nn.Dense(2)(nn.relu(h)))

    def rollout(self, obs0, horizon: int):
        def step(obs, _):
            action = self(obs, train=False)
            obs = 0.95 * obs + 0.05 * jnp.tile(action, (1, obs.shape[-1] // 2))
            return obs, action

        _, actions = jax.lax.scan(step, obs0, None, length=horizon)
        return actions


def main():
    model = Policy()
    obs = jax.random.normal(jax.random.PRNGKey(1), (8, 4))
    variables = model.init(jax.random.PRNGKey(0), obs, train=False)
    _, updates = model.apply(variables, obs, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    actions = model.apply(variables, obs, 12, method=Policy.rollout)
    print(actions.shape)
    return None
