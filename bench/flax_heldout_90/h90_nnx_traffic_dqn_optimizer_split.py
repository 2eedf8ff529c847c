# label: ok
# flax-error: none
# class: 2 DQNLearner splits (model, optimizer), carries the state through the scan, merges in the body and updates both afterwards
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_phases, *, rngs):
        self.hidden = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.head = nnx.Linear(32, n_phases, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.hidden(obs)))


class DQNLearner:
    def __init__(self, model, lr=1e-3, gamma=0.95):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self.gamma = gamma

    def td_loss(self, model, batch):
        q = jnp.take_along_axis(model(batch["obs"]), batch["action"][:, None], -1)[:, 0]
        target = batch["reward"] + self.gamma * jax.lax.stop_gradient(model(batch["next_obs"]).max(-1))
        return jnp.mean((q - target) ** 2)

    def train_on_replay(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self.td_loss)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    n, b = 4, 16
    key = jax.random.PRNGKey(0)
    batches = {
        "obs": jax.random.uniform(key, (n, b, 6)),
        "action": jnp.zeros((n, b), jnp.int32),
        "reward": -jnp.ones((n, b)),
        "next_obs": jax.random.uniform(key, (n, b, 6)),
    }
    DQNLearner(QNet(6, 4, rngs=nnx.Rngs(0))).train_on_replay(batches)
    return None
