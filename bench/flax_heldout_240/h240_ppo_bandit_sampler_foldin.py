# label: ok
# flax-error: none
# class: 5 ActorCritic.rollout builds its action sampler with make_action_sampler(self), which draws one 'action' key outside the fori_loop; the closure folds the step index into it in the body
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

ACT_DIM = 2
CONTEXT = jnp.array([[0.3, -0.1, 0.7], [0.0, 0.5, -0.4]])


def make_action_sampler(module):
    base_key = module.make_rng("action")

    def sample(mean, log_std, step):
        eps = jax.random.normal(jax.random.fold_in(base_key, step), mean.shape)
        action = mean + jnp.exp(log_std) * eps
        log_prob = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)
        return action, log_prob

    return sample


class ActorCritic(nn.Module):
    act_dim: int = ACT_DIM

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32, name="torso")(obs))
        mean = nn.Dense(self.act_dim, name="mu")(h)
        log_std = self.param("log_std", nn.initializers.zeros, (self.act_dim,))
        value = nn.Dense(1, name="critic")(h).squeeze(-1)
        return mean, log_std, value

    def rollout(self, obs, horizon: int):
        sample = make_action_sampler(self)

        def body(t, bufs):
            actions, log_probs, values = bufs
            mean, log_std, value = self(obs)
            action, log_prob = sample(mean, log_std, t)
            return actions.at[t].set(action), log_probs.at[t].set(log_prob), values.at[t].set(value)

        n = obs.shape[0]
        bufs = (jnp.zeros((horizon, n, self.act_dim)), jnp.zeros((horizon, n)), jnp.zeros((horizon, n)))
        return lax.fori_loop(0, horizon, body, bufs)


def bandit_reward(obs, action):
    target = jnp.tanh(obs[:, :ACT_DIM])
    return -jnp.sum((action - target) ** 2, axis=-1)


def main():
    model = ActorCritic()
    variables = model.init(jax.random.key(0), CONTEXT)
    actions, log_probs, values = model.apply(
        variables, CONTEXT, 5, method=ActorCritic.rollout, rngs={"action": jax.random.key(3)}
    )
    rewards = jax.vmap(bandit_reward, in_axes=(None, 0))(CONTEXT, actions)
    advantages = rewards - values
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    jax.block_until_ready(advantages)
    return actions
