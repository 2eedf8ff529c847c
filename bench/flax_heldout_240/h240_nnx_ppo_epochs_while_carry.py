# label: ok
# flax-error: none
# class: 4 PPOLearner.update splits self.state (learner -> train state -> agent / optimizer) and threads its state through the while_loop carry, merging it in the body and updating self.state after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

lax = jax.lax

OBS_DIM = 3
ACT_DIM = 2


class Agent(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs):
        self.actor = nnx.Sequential(
            nnx.Linear(obs_dim, 32, rngs=rngs), nnx.tanh, nnx.Linear(32, act_dim, rngs=rngs)
        )
        self.critic = nnx.Sequential(nnx.Linear(obs_dim, 32, rngs=rngs), nnx.tanh, nnx.Linear(32, 1, rngs=rngs))
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))

    def log_prob(self, obs, actions):
        mean = self.actor(obs)
        log_std = self.log_std[...]
        z = (actions - mean) / jnp.exp(log_std)
        return jnp.sum(-0.5 * z**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)

    def value(self, obs):
        return self.critic(obs).squeeze(-1)


class TrainState(nnx.Module):
    def __init__(self, agent, tx):
        self.agent = agent
        self.optimizer = nnx.Optimizer(agent, tx, wrt=nnx.Param)


def ppo_loss(agent, batch, clip_eps):
    obs, actions, old_log_probs, advantages, returns = batch
    log_probs = agent.log_prob(obs, actions)
    ratio = jnp.exp(log_probs - old_log_probs)
    clipped = jnp.clip(ratio, 1 - clip_eps, 1 + clip_eps)
    policy_loss = -jnp.minimum(ratio * advantages, clipped * advantages).mean()
    value_loss = ((agent.value(obs) - returns) ** 2).mean()
    approx_kl = ((ratio - 1) - (log_probs - old_log_probs)).mean()
    return policy_loss + 0.5 * value_loss, approx_kl


class PPOLearner:
    def __init__(self, state: TrainState, clip_eps=0.2, target_kl=0.02, max_epochs=4):
        self.state = state
        self.clip_eps = clip_eps
        self.target_kl = target_kl
        self.max_epochs = max_epochs

    def update(self, batch):
        grad_fn = nnx.value_and_grad(ppo_loss, has_aux=True)
        graphdef, train_state = nnx.split(self.state)

        def keep_going(carry):
            epoch, kl, _ = carry
            return (epoch < self.max_epochs) & (kl < 1.5 * self.target_kl)

        def epoch_body(carry):
            epoch, _, train_state = carry
            state = nnx.merge(graphdef, train_state)
            (loss, kl), grads = grad_fn(state.agent, batch, self.clip_eps)
            state.optimizer.update(state.agent, grads)
            return epoch + 1, kl, nnx.state(state)

        epochs, kl, train_state = lax.while_loop(
            keep_going, epoch_body, (jnp.int32(0), jnp.float32(0.0), train_state)
        )
        nnx.update(self.state, train_state)
        return epochs, kl


def make_batch(agent, key, n=16):
    k_obs, k_act, k_adv = jax.random.split(key, 3)
    obs = jax.random.normal(k_obs, (n, OBS_DIM))
    actions = jax.random.normal(k_act, (n, ACT_DIM))
    old_log_probs = agent.log_prob(obs, actions)
    advantages = jax.random.normal(k_adv, (n,))
    returns = agent.value(obs) + advantages
    return obs, actions, old_log_probs, advantages, returns


def main():
    agent = Agent(OBS_DIM, ACT_DIM, rngs=nnx.Rngs(0))
    learner = PPOLearner(TrainState(agent, optax.adam(3e-4)))
    batch = make_batch(agent, jax.random.key(1))
    epochs, kl = learner.update(batch)
    jax.block_until_ready((epochs, kl, learner.state.agent.log_std[...]))
