# label: ok
# flax-error: none
# class: 3 the Rollout object's `variables` attribute supplies params and batch_stats; batch_stats are threaded through the lax.scan carry
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

OBS_DIM = 6
N_ACTIONS = 3
HORIZON = 5


class PolicyNet(nn.Module):
    hidden: int = 16
    n_actions: int = N_ACTIONS

    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(self.hidden)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.tanh(h)
        return nn.Dense(self.n_actions)(h)


def point_mass_step(state, action):
    push = jax.nn.one_hot(action, N_ACTIONS) @ jnp.ones((N_ACTIONS, OBS_DIM))
    next_state = 0.95 * state + 0.1 * push
    reward = -jnp.sum(next_state ** 2, axis=-1)
    return next_state, reward


class Rollout:
    def __init__(self, policy, variables):
        self.policy = policy
        self.variables = variables

    def run(self, obs0, horizon=HORIZON):
        params = self.variables["params"]

        def body(carry, _):
            obs, batch_stats = carry
            logits, updates = self.policy.apply(
                {"params": params, "batch_stats": batch_stats}, obs, mutable=["batch_stats"]
            )
            action = jnp.argmax(logits, axis=-1)
            next_obs, reward = point_mass_step(obs, action)
            return (next_obs, updates["batch_stats"]), reward

        init = (obs0, self.variables["batch_stats"])
        (last_obs, batch_stats), rewards = lax.scan(body, init, None, length=horizon)
        self.variables = {"params": params, "batch_stats": batch_stats}
        return last_obs, rewards

    def evaluate(self, obs):
        logits = self.policy.apply(self.variables, obs, train=False)
        return jnp.argmax(logits, axis=-1)


def main():
    policy = PolicyNet()
    obs0 = jnp.linspace(-1.0, 1.0, 4 * OBS_DIM).reshape(4, OBS_DIM)
    variables = policy.init(jax.random.key(0), obs0, train=False)
    runner = Rollout(policy, variables)
    last_obs, rewards = runner.run(obs0)
    greedy_actions = runner.evaluate(last_obs)
    jax.block_until_ready((rewards, greedy_actions))
