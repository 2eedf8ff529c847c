# label: ok
# flax-error: none
# class: 4 PosteriorPredictive.__call__ splits self.model (predictive -> classifier -> block -> dropout) and threads its state, rng counts included, through the scan carry, merging it in the body and updating the model after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_CLASSES = 3


class Block(nnx.Module):
    def __init__(self, din, dout, rate, *, rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)

    def __call__(self, x):
        return self.dropout(nnx.relu(self.linear(x)))


class MCDropoutClassifier(nnx.Module):
    def __init__(self, din, hidden, n_classes, rate=0.25, *, rngs):
        self.block1 = Block(din, hidden, rate, rngs=rngs)
        self.block2 = Block(hidden, hidden, rate, rngs=rngs)
        self.head = nnx.Linear(hidden, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.block2(self.block1(x)))


class PosteriorPredictive:
    def __init__(self, model, n_samples=8):
        self.model = model
        self.n_samples = n_samples

    def __call__(self, x):
        graphdef, state = nnx.split(self.model)

        def draw(state, _):
            model = nnx.merge(graphdef, state)
            probs = nnx.softmax(model(x), axis=-1)
            return nnx.state(model), probs

        state, probs = jax.lax.scan(draw, state, None, length=self.n_samples)
        nnx.update(self.model, state)
        return probs


def predictive_entropy(probs):
    mean = probs.mean(axis=0)
    return -(mean * jnp.log(mean + 1e-9)).sum(-1)


def main():
    model = MCDropoutClassifier(4, 32, N_CLASSES, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.tile(jnp.array([[0.2, -1.0, 0.5, 0.1]]), (3, 1))
    probs = PosteriorPredictive(model)(x)
    jax.block_until_ready(predictive_entropy(probs))
    return probs
