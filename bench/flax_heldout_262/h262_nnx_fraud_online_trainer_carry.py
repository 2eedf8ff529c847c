# label: ok
# flax-error: none
# class: 3 OnlineTrainer.fit_window splits self.model and self.optimizer and threads their state through the fori_loop carry, merging it in the body
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class ChargebackModel(nnx.Module):
    def __init__(self, n_features, width, *, rngs):
        self.hidden = nnx.Linear(n_features, width, rngs=rngs)
        self.logit = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return self.logit(nnx.relu(self.hidden(x)))[..., 0]


def bce_loss(model, x, y):
    return optax.sigmoid_binary_cross_entropy(model(x), y).mean()


class OnlineTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit_window(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(i, carry):
            state, running_loss = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bce_loss)(model, xs[i], ys[i])
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), running_loss + loss

        state, total = fori_loop(0, xs.shape[0], train_step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


class LabelFeed:
    """Chargebacks confirmed by the issuer arrive in small labelled batches."""

    def __init__(self, n_batches=4, batch_size=8, n_features=5, seed=3):
        key_x, key_y = jax.random.split(jax.random.key(seed))
        self.xs = jax.random.normal(key_x, (n_batches, batch_size, n_features))
        self.ys = (jax.random.uniform(key_y, (n_batches, batch_size)) < 0.2).astype(jnp.float32)


def main():
    feed = LabelFeed()
    trainer = OnlineTrainer(ChargebackModel(5, 12, rngs=nnx.Rngs(0)))
    mean_loss = trainer.fit_window(feed.xs, feed.ys)
    jax.block_until_ready((mean_loss, trainer.model(feed.xs[0])))
    return None
