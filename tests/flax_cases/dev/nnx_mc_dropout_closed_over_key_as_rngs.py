# label: same-values
# flax-error: none
# class: 2 MC dropout: the function running the scan closes over one key and gives it to the model as `rngs=` at every step
import jax
import jax.numpy as jnp
from flax import nnx

class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, *, rngs=None):
        return self.drop(self.fc(x), rngs=rngs)

def predict_mc(model, x, key, n_samples=6):
    def body(carry, _):
        return carry, model(x, rngs=key)
    return jax.lax.scan(body, None, None, length=n_samples)[1]

def main():
    return predict_mc(Regressor(nnx.Rngs(0)), jnp.ones((4, 3)), jax.random.key(5))
