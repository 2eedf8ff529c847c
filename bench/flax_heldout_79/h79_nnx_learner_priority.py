# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body reaches PrioritizedReplay through Learner.replay and writes new TD priorities onto it
"""Actor/learner/replay split for a DQN-style agent in NNX. The Learner runs several updates per
call with lax.scan (model and nnx.Optimizer split/merged correctly) and feeds the new TD errors
back to the prioritized replay, which the actor's next sampling reads."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))


class PrioritizedReplay:
    def __init__(self, obs, actions, targets):
        self.obs, self.actions, self.targets = obs, actions, targets
        self.priorities = jnp.ones(obs.shape[0])

    def batch(self, idx):
        return self.obs[idx], self.actions[idx], self.targets[idx]

    def update_priorities(self, idx, td):
        self.priorities = self.priorities.at[idx].set(jnp.abs(td) + 1e-3)

    def sample_indices(self, key, n):
        p = self.priorities / self.priorities.sum()
        return jax.random.choice(key, self.obs.shape[0], (n,), p=p)


def td_loss(model, obs, actions, targets):
    q = jnp.take_along_axis(model(obs), actions[:, None], -1)[:, 0]
    td = targets - q
    return jnp.mean(td ** 2), td


class Learner:
    def __init__(self, model, replay, lr=1e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self.replay = replay

    def update(self, index_batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, idx):
            model, optimizer = nnx.merge(graphdef, state)
            obs, actions, targets = self.replay.batch(idx)
            (loss, td), grads = nnx.value_and_grad(td_loss, has_aux=True)(model, obs, actions, targets)
            optimizer.update(model, grads)
            self.replay.update_priorities(idx, td)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, index_batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    k = jax.random.split(jax.random.key(0), 3)
    replay = PrioritizedReplay(jax.random.normal(k[0], (32, 4)),
                               jax.random.randint(k[1], (32,), 0, 2), jax.random.normal(k[2], (32,)))
    learner = Learner(QNet(4, 2, nnx.Rngs(0)), replay)
    learner.update(jnp.arange(24).reshape(3, 8))
    replay.sample_indices(jax.random.key(1), 8)
    return None
