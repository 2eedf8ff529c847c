# label: ok
# flax-error: none
# class: 1 the learner's own adapt method runs fori_loop with the head weights in the loop carry and uses them after the loop
"""MAML-style inner-loop adaptation of a linear head.

A few-shot learner adapts its last layer on the support set with several SGD
steps before predicting on the query set. The adapt method runs the steps
with lax.fori_loop, keeping the fast head weights in the loop carry, and
predicts on the query set with the adapted weights.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class FewShotLearner(nn.Module):
    inner_lr: float = 0.1
    n_out: int = 1

    def setup(self):
        self.body = nn.Dense(16)
        self.param("w", nn.initializers.lecun_normal(), (16, self.n_out))
        self.param("b", nn.initializers.zeros, (self.n_out,))

    def features(self, x):
        return nn.tanh(self.body(x))

    def head(self, feats):
        w = self.get_variable("params", "w")
        b = self.get_variable("params", "b")
        return feats @ w + b

    def __call__(self, x):
        return self.head(self.features(x))

    def adapt(self, xs, ys, xq, steps):
        feats = self.features(xs)

        def inner_loss(w, b):
            return jnp.mean((feats @ w + b - ys) ** 2)

        def body(i, carry):
            w, b, _ = carry
            loss, (gw, gb) = jax.value_and_grad(inner_loss, argnums=(0, 1))(w, b)
            return w - self.inner_lr * gw, b - self.inner_lr * gb, loss

        w0 = self.get_variable("params", "w")
        b0 = self.get_variable("params", "b")
        w, b, last = fori_loop(0, steps, body, (w0, b0, jnp.zeros(())))
        return self.features(xq) @ w + b, last


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    xs = jax.random.normal(k1, (5, 2))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    xq = jax.random.normal(k2, (10, 2))
    learner = FewShotLearner()
    variables = learner.init(k3, xs)
    preds, loss = learner.apply(variables, xs, ys, xq, 5, method=FewShotLearner.adapt)
    print("query predictions", preds.ravel(), "support loss", loss)
    return None
