# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 AbandonmentTrainer.bundle.model and .bundle.optimizer (nnx.Optimizer) are reached in the fori_loop body, which runs nnx.value_and_grad and optimizer.update on them
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
        def one_pass(i, running):
            loss, grads = nnx.value_and_grad(loss_fn)(self.bundle.model, batch)
            self.bundle.optimizer.update(self.bundle.model, grads)
            return running + loss

        return jax.lax.fori_loop(0, self.passes, one_pass, jnp.zeros(()))


def main():
    k1, k2 = jax.random.split(jax.random.key(8))
    features = jax.random.normal(k1, (48, 5))  # wait s, queue len, hour, skill, callback offered
    abandoned = (jax.random.uniform(k2, (48,)) < 0.2).astype(jnp.float32)
    bundle = TrainBundle(AbandonmentModel(5, rngs=nnx.Rngs(0)), 1e-2)
    total = AbandonmentTrainer(bundle, passes=5).fit((features, abandoned))
    total.block_until_ready()
    return None
