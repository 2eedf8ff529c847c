# label: ok
# flax-error: none
# class: 3 the target critic params are carried through the scan next to the online params; the TargetNetwork object is updated once after the loop
"""Actor/critic agent with a Polyak-averaged target critic, scanned over replay batches."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Critic(nn.Module):
    @nn.compact
    def __call__(self, obs, act):
        h = nn.relu(nn.Dense(32)(jnp.concatenate([obs, act], -1)))
        return nn.Dense(1)(h)[..., 0]


class Actor(nn.Module):
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(self.act_dim)(nn.relu(nn.Dense(32)(obs))))


class TargetNetwork:
    def __init__(self, params, tau=0.005):
        self.params = params
        self.tau = tau

    def soft_update(self, online, target):
        return optax.incremental_update(online, target, self.tau)


class Agent:
    def __init__(self, key, obs_dim=4, act_dim=2):
        k1, k2 = jax.random.split(key)
        self.actor, self.critic = Actor(act_dim), Critic()
        obs, act = jnp.ones((1, obs_dim)), jnp.ones((1, act_dim))
        self.actor_params = self.actor.init(k1, obs)
        self.critic_params = self.critic.init(k2, obs, act)
        self.target = TargetNetwork(self.critic_params)
        self.tx = optax.adam(3e-4)
        self.opt_state = self.tx.init(self.critic_params)

    def critic_loss(self, critic_params, target_params, batch):
        obs, act, rew, next_obs = batch
        next_act = self.actor.apply(self.actor_params, next_obs)
        target_q = rew + 0.99 * self.critic.apply(target_params, next_obs, next_act)
        q = self.critic.apply(critic_params, obs, act)
        return jnp.mean((q - jax.lax.stop_gradient(target_q)) ** 2)

    def update(self, batches):
        def body(carry, batch):
            params, target_params, opt_state = carry
            grads = jax.grad(self.critic_loss)(params, target_params, batch)
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            target_params = self.target.soft_update(params, target_params)
            return (params, target_params, opt_state), None

        (self.critic_params, self.target.params, self.opt_state), _ = jax.lax.scan(
            body, (self.critic_params, self.target.params, self.opt_state), batches
        )
        return self.target.params


def main():
    agent = Agent(jax.random.key(0))
    n, b = 4, 8
    batches = (jnp.ones((n, b, 4)), jnp.ones((n, b, 2)), jnp.ones((n, b)), jnp.ones((n, b, 4)))
    target = agent.update(batches)
    jax.block_until_ready(jax.tree.map(lambda p: p + 0.0, target))
    return None
