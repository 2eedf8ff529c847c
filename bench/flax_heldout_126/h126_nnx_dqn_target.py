# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body calls agent.learner.td_loss and agent.learner.soft_update, which reads and reassigns the Learner's target-network state attribute
"""DQN with a Polyak-averaged target network, the updates run in a lax.fori_loop.

The online QNet is split into a graphdef and a state that the loop carries; the Learner
keeps the target network's state as an attribute and soft-updates it after every
gradient step.  Afterwards the target network is evaluated on a probe batch.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

OBS_DIM, NUM_ACTIONS, GAMMA, LR = 4, 3, 0.99, 1e-2


class QNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(OBS_DIM, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, NUM_ACTIONS, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))


class Learner:
    def __init__(self, qnet, tau):
        self.graphdef, self.target = nnx.split(qnet)
        self.tau = tau

    def td_loss(self, online, batch):
        obs, action, reward, next_obs = batch
        q = nnx.merge(self.graphdef, online)(obs)
        q_next = nnx.merge(self.graphdef, self.target)(next_obs)
        target = reward + GAMMA * jax.lax.stop_gradient(q_next.max(-1))
        q_taken = jnp.take_along_axis(q, action[:, None], -1)[:, 0]
        return jnp.mean((q_taken - target) ** 2)

    def soft_update(self, online):
        self.target = jax.tree.map(lambda t, o: (1 - self.tau) * t + self.tau * o, self.target, online)


class Agent:
    def __init__(self, qnet):
        self.learner = Learner(qnet, tau=0.05)


def make_batches(key, n, size):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    return (
        jax.random.normal(k1, (n, size, OBS_DIM)),
        jax.random.randint(k2, (n, size), 0, NUM_ACTIONS),
        jax.random.normal(k3, (n, size)),
        jax.random.normal(k4, (n, size, OBS_DIM)),
    )


def main():
    qnet = QNet(nnx.Rngs(0))
    agent = Agent(qnet)
    _, online = nnx.split(qnet)
    batches = make_batches(jax.random.key(1), 5, 16)

    def body(i, online):
        batch = jax.tree.map(lambda b: b[i], batches)
        grads = jax.grad(agent.learner.td_loss)(online, batch)
        online = jax.tree.map(lambda p, g: p - LR * g, online, grads)
        agent.learner.soft_update(online)
        return online

    online = jax.lax.fori_loop(0, 5, body, online)
    target_q = nnx.merge(agent.learner.graphdef, agent.learner.target)(batches[0][0])
    print("target q mean", target_q.mean())
    return None
