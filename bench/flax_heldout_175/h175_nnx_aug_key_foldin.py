# label: ok
# flax-error: none
# class: 4 the noise key is drawn once through pipeline.augment.rngs and folded with the view index; the encoder reached as pipeline.encoder; both in the while_loop body
"""Contrastive pretraining: make K noisy views of a batch and encode each view with an NNX encoder."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Augment(nnx.Module):
    def __init__(self, sigma, rngs: nnx.Rngs):
        self.sigma = sigma
        self.rngs = rngs


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(5, 8, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.fc(x))


class Pipeline:
    def __init__(self, rngs):
        self.augment = Augment(0.3, rngs)
        self.encoder = Encoder(rngs)

    def views(self, x, k):
        key = self.augment.rngs.noise()
        buf = jnp.zeros((k,) + x.shape[:-1] + (8,))

        def cond(carry):
            i, _ = carry
            return i < k

        def body(carry):
            i, buf = carry
            noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            view = x + self.augment.sigma * noise
            return i + 1, buf.at[i].set(self.encoder(view))

        _, buf = jax.lax.while_loop(cond, body, (0, buf))
        return buf


def main():
    pipeline = Pipeline(nnx.Rngs(params=0, noise=1))
    x = jnp.ones((4, 5))
    views = pipeline.views(x, k=4)
    print(views.std(axis=0).mean())
    return views


if __name__ == "__main__":
    main()
