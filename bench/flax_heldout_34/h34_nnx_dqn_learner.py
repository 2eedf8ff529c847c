# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a DQNAgent stores its q-net, target net and nnx.Optimizer; a Learner object keeps agent.update (an nnx.jit function over those outside objects) as a callable and calls it from a raw fori_loop body over replay batches
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class QNet(nnx.Module):
    def __init__(self, obs_dim, num_actions, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, num_actions, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))


@nnx.jit
def dqn_update(q_net, target_net, optimizer, batch, gamma):
    obs, actions, rewards, next_obs = batch

    def loss_fn(q_net):
        q = jnp.take_along_axis(q_net(obs), actions[:, None], axis=-1)[:, 0]
        target = rewards + gamma * target_net(next_obs).max(axis=-1)
        return jnp.mean((q - jax.lax.stop_gradient(target)) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(q_net)
    optimizer.update(q_net, grads)
    return loss


class DQNAgent:
    def __init__(self, obs_dim, num_actions, seed=0, gamma=0.99):
        rngs = nnx.Rngs(seed)
        self.q_net = QNet(obs_dim, num_actions, rngs)
        self.target_net = QNet(obs_dim, num_actions, rngs)
        self.optimizer = nnx.Optimizer(self.q_net, optax.adam(3e-4), wrt=nnx.Param)
        self.gamma = gamma

    def update(self, batch):
        return dqn_update(self.q_net, self.target_net, self.optimizer, batch, self.gamma)


class Learner:
    def __init__(self, update_fn, num_updates):
        self.update_fn = update_fn
        self.num_updates = num_updates

    def run(self, replay):
        def body(i, total):
            batch = jax.tree.map(lambda a: a[i], replay)
            return total + self.update_fn(batch)

        return fori_loop(0, self.num_updates, body, jnp.zeros(()))


def make_replay(key, n, batch, obs_dim, num_actions):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    return (
        jax.random.normal(k1, (n, batch, obs_dim)),
        jax.random.randint(k2, (n, batch), 0, num_actions),
        jax.random.uniform(k3, (n, batch)),
        jax.random.normal(k4, (n, batch, obs_dim)),
    )


def main():
    agent = DQNAgent(4, 2)
    learner = Learner(agent.update, num_updates=4)
    replay = make_replay(jax.random.key(0), 4, 8, 4, 2)
    total = learner.run(replay)
    total.block_until_ready()
    return None
