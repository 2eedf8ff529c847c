# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_actor() returns a closure over policy and variables; the while_loop body calls it and the policy updates its "obs_stats" running normaliser
"""A PPO-style actor with a running observation normaliser, stepping a cart environment in a
while_loop until the episode ends.

make_actor builds the per-step action function from the policy and its variables."""
import jax
import jax.numpy as jnp
from flax import linen as nn

OBS, ACT, MAX_STEPS = 4, 1, 50


class ObsNormPolicy(nn.Module):
    @nn.compact
    def __call__(self, obs, update_stats: bool = True):
        count = self.variable("obs_stats", "count", lambda: jnp.array(1e-4))
        mean = self.variable("obs_stats", "mean", lambda: jnp.zeros(OBS))
        var = self.variable("obs_stats", "var", lambda: jnp.ones(OBS))
        if update_stats and not self.is_initializing():
            n = count.value + 1.0
            delta = obs - mean.value
            mean.value = mean.value + delta / n
            var.value = var.value + (delta * (obs - mean.value) - var.value) / n
            count.value = n
        x = (obs - mean.value) / jnp.sqrt(var.value + 1e-8)
        h = nn.tanh(nn.Dense(32)(x))
        return nn.tanh(nn.Dense(ACT)(h))


def make_actor(policy, variables, update_stats=True):
    def act(obs):
        return policy.apply(variables, obs, update_stats=update_stats)

    return act


def cart_step(obs, action):
    x, v, theta, omega = obs
    omega = omega + 0.05 * (jnp.sin(theta) - action[0])
    return jnp.array([x + 0.05 * v, v + 0.05 * action[0], theta + 0.05 * omega, omega])


def run_episode(act, obs0):
    def cond(carry):
        t, obs = carry
        return (t < MAX_STEPS) & (jnp.abs(obs[2]) < 0.8)

    def body(carry):
        t, obs = carry
        return t + 1, cart_step(obs, act(obs))

    return jax.lax.while_loop(cond, body, (0, obs0))


def main():
    policy = ObsNormPolicy()
    obs0 = jnp.array([0.0, 0.0, 0.1, 0.0])
    variables = policy.init(jax.random.key(0), obs0)
    act = make_actor(policy, variables)
    run_episode(act, obs0)
    return None


if __name__ == "__main__":
    main()
