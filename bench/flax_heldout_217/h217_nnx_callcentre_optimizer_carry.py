# label: ok
# flax-error: none
# class: 4 AbandonmentTrainer.bundle's model and optimizer are split with nnx.split, their state is the fori_loop carry and the body merges, updates and returns nnx.state
"""Call-centre staffing: fit an abandonment-rate model to queue logs before rostering.

The trainer keeps the model and its nnx.Optimizer together in a bundle (the layout used by
the checkpointing code) and makes several passes over the day's intervals in a fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class AbandonmentModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.out(nnx.gelu(self.hidden(x))))[..., 0]


class TrainBundle:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)


def loss_fn(model, batch):
    features, abandoned = batch
    p = model(features)
    return optax.sigmoid_binary_cross_entropy(jnp.log(p / (1 - p)), abandoned).mean()


class AbandonmentTrainer:
    def __init__(self, bundle, passes):
        self.bundle = bundle
        self.passes = passes

    def fit(self, batch):
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def one_pass(i, carry):
            state, running = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), running + loss

        state, total = jax.lax.fori_loop(0, self.passes, one_pass, (state, jnp.zeros(())))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        return total


def main():
    k1, k2 = jax.random.split(jax.random.key(8))
    features = jax.random.normal(k1, (48, 5))  # wait s, queue len, hour, skill, callback offered
    abandoned = (jax.random.uniform(k2, (48,)) < 0.2).astype(jnp.float32)
    bundle = TrainBundle(AbandonmentModel(5, rngs=nnx.Rngs(0)), 1e-2)
    total = AbandonmentTrainer(bundle, passes=5).fit((features, abandoned))
    total.block_until_ready()
    return None
