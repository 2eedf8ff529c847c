# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 the scan body calls self.opt.update(self.policy, grads) on the optimizer and policy stored on the Trainer object
"""REINFORCE updates over a batch of episodes, NNX optimizer inside lax.scan.

Shape of an NNX issue: "nnx.Optimizer.update inside jax.lax.scan". The user
keeps the policy and its nnx.Optimizer on a Trainer object and, to avoid a
Python loop, scans over episodes with a raw jax.lax.scan that updates the
optimizer in the body.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.logits(jnp.tanh(self.hidden(obs)))


def reinforce_loss(policy, obs, actions, returns):
    logp = jax.nn.log_softmax(policy(obs))
    chosen = jnp.take_along_axis(logp, actions[..., None], -1)[..., 0]
    adv = returns - returns.mean()
    return -jnp.mean(chosen * adv)


class Trainer:
    def __init__(self, rngs):
        self.policy = Policy(4, 3, rngs)
        self.opt = nnx.Optimizer(self.policy, optax.adam(3e-3), wrt=nnx.Param)

    def train_on_episodes(self, obs, actions, returns):
        def body(carry, episode):
            o, a, g = episode
            loss, grads = nnx.value_and_grad(reinforce_loss)(self.policy, o, a, g)
            self.opt.update(self.policy, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (obs, actions, returns))
        return losses


def main():
    trainer = Trainer(nnx.Rngs(0))
    k1, k2, k3 = jax.random.split(jax.random.key(1), 3)
    obs = jax.random.normal(k1, (6, 20, 4))
    actions = jax.random.randint(k2, (6, 20), 0, 3)
    rewards = jax.random.uniform(k3, (6, 20))
    returns = jnp.cumsum(rewards[:, ::-1], axis=1)[:, ::-1]
    losses = trainer.train_on_episodes(obs, actions, returns)
    print(losses.shape)
    return None
