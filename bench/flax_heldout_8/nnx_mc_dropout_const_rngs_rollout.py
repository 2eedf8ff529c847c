# label: same-values
# flax-error: none
# class: 4 a module-level rollout(step_fn, init, n) runs the scan over a lambda; the classifier gets a fresh nnx.Rngs from a constant seed each step
import jax
import jax.numpy as jnp
from flax import nnx


def rollout(step_fn, init, n):
    return jax.lax.scan(lambda c, _: step_fn(c), init, None, length=n)


class BayesHead(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(5, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x, rngs):
        return self.out(self.drop(nnx.relu(self.hidden(x)), rngs=rngs))


def mc_predict(model, x, n_samples, seed=0):
    def one_sample(count):
        probs = jax.nn.softmax(model(x, rngs=nnx.Rngs(dropout=seed)))
        return count + 1, probs

    _, draws = rollout(one_sample, 0, n_samples)
    return draws


def main():
    model = BayesHead(nnx.Rngs(7))
    draws = mc_predict(model, jnp.ones((4, 5)), 8)
    return draws
