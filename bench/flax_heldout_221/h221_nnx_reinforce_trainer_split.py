# label: ok
# flax-error: none
# class: 3 the Trainer's policy and optimizer are nnx.split before the scan, merged in the body and their state carried out
"""REINFORCE updates over a batch of episodes, NNX optimizer inside lax.scan.

Twin of h221_nnx_reinforce_trainer: policy and optimizer are split into a
graphdef and a state before the scan; the body merges them, updates, and
returns the new state in the carry, which is written back with nnx.update.
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
        graphdef, state = nnx.split((self.policy, self.opt))

        def body(state, episode):
            o, a, g = episode
            policy, opt = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(reinforce_loss)(policy, o, a, g)
            opt.update(policy, grads)
            return nnx.state((policy, opt)), loss

        state, losses = jax.lax.scan(body, state, (obs, actions, returns))
        nnx.update((self.policy, self.opt), state)
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
