# label: ok
# flax-error: none
# class: 4 a DQNAgent stores its q-net, target net and nnx.Optimizer; a Learner object keeps agent.update (merges the split agent state, calls the nnx.jit update, returns nnx.state) as a callable and threads that state through a raw fori_loop carry over replay batches
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
        self.graphdef, _ = nnx.split((self.q_net, self.target_net, self.optimizer))

    def state(self):
        return nnx.state((self.q_net, self.target_net, self.optimizer))

    def load(self, state):
        nnx.update((self.q_net, self.target_net, self.optimizer), state)

    def update(self, state, batch):
        q_net, target_net, optimizer = nnx.merge(self.graphdef, state)
        loss = dqn_update(q_net, target_net, optimizer, batch, self.gamma)
        return nnx.state((q_net, target_net, optimizer)), loss


class Learner:
    def __init__(self, update_fn, num_updates):
        self.update_fn = update_fn
        self.num_updates = num_updates

    def run(self, state, replay):
        def body(i, carry):
            state, total = carry
            batch = jax.tree.map(lambda a: a[i], replay)
            state, loss = self.update_fn(state, batch)
            return state, total + loss

        return fori_loop(0, self.num_updates, body, (state, jnp.zeros(())))


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
    state, total = jax.jit(learner.run)(agent.state(), replay)
    agent.load(state)
    total.block_until_ready()
    return None
